import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole schema of ScanCode.io's models (reference pipelines-and-engine.md §2 and
 * scancodeio-api.md §5). Column names are the ScanCode.io field names, so serializers map
 * columns to wire names one to one. Scan-record tables use bigserial ids: they are written
 * in bulk and joined a lot, and uuids would double their index size.
 */
export class InitialSchema1732300000000 implements MigrationInterface {
  name = 'InitialSchema1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projects (
        uuid uuid PRIMARY KEY,
        created_date timestamptz NOT NULL DEFAULT now(),
        name varchar(100) NOT NULL UNIQUE,
        slug varchar(110) NOT NULL UNIQUE,
        is_archived boolean NOT NULL DEFAULT false,
        notes text NOT NULL DEFAULT '',
        settings jsonb NOT NULL DEFAULT '{}',
        labels text[] NOT NULL DEFAULT '{}',
        label_slugs text[] NOT NULL DEFAULT '{}',
        purl varchar(2048) NOT NULL DEFAULT '',
        extra_data jsonb NOT NULL DEFAULT '{}',
        resource_count integer NOT NULL DEFAULT 0,
        package_count integer NOT NULL DEFAULT 0,
        dependency_count integer NOT NULL DEFAULT 0,
        message_count integer NOT NULL DEFAULT 0,
        relation_count integer NOT NULL DEFAULT 0
      );
      CREATE INDEX projects_created_date_idx ON projects (created_date DESC);
      CREATE INDEX projects_label_slugs_idx ON projects USING gin (label_slugs);

      CREATE TABLE runs (
        uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        pipeline_name varchar(256) NOT NULL,
        created_date timestamptz NOT NULL DEFAULT clock_timestamp(),
        scancodeio_version varchar(100) NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        current_step varchar(256) NOT NULL DEFAULT '',
        progress jsonb,
        selected_groups jsonb,
        selected_steps jsonb,
        task_id uuid,
        task_start_date timestamptz,
        task_end_date timestamptz,
        task_exitcode integer,
        task_output text NOT NULL DEFAULT '',
        log text NOT NULL DEFAULT '',
        runner_id varchar(200),
        heartbeat_at timestamptz
      );
      CREATE INDEX runs_project_idx ON runs (project_uuid, created_date);
      CREATE INDEX runs_running_idx ON runs (heartbeat_at) WHERE task_start_date IS NOT NULL AND task_end_date IS NULL;

      CREATE TABLE input_sources (
        uuid uuid PRIMARY KEY,
        seq bigserial NOT NULL,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        download_url varchar(1024) NOT NULL DEFAULT '',
        filename varchar(255) NOT NULL DEFAULT '',
        is_uploaded boolean NOT NULL DEFAULT false,
        tag varchar(50) NOT NULL DEFAULT '',
        size bigint,
        stored boolean NOT NULL DEFAULT false
      );
      CREATE INDEX input_sources_project_idx ON input_sources (project_uuid, seq);

      CREATE TABLE webhook_subscriptions (
        uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        target_url varchar(1024) NOT NULL,
        trigger_on_each_run boolean NOT NULL DEFAULT false,
        include_summary boolean NOT NULL DEFAULT false,
        include_results boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        secret varchar(200),
        created_date timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX webhook_subscriptions_project_idx ON webhook_subscriptions (project_uuid, created_date DESC);

      CREATE TABLE webhook_deliveries (
        uuid uuid PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        webhook_subscription_uuid uuid REFERENCES webhook_subscriptions(uuid) ON DELETE SET NULL,
        run_uuid uuid REFERENCES runs(uuid) ON DELETE SET NULL,
        target_url varchar(1024) NOT NULL,
        sent_date timestamptz NOT NULL DEFAULT now(),
        payload jsonb NOT NULL DEFAULT '{}',
        response_status_code integer,
        response_text text NOT NULL DEFAULT '',
        delivery_error text NOT NULL DEFAULT ''
      );
      CREATE INDEX webhook_deliveries_project_idx ON webhook_deliveries (project_uuid, sent_date DESC);

      CREATE TABLE codebase_resources (
        id bigserial PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        path varchar(2000) NOT NULL,
        parent_path varchar(2000) NOT NULL DEFAULT '',
        rootfs_path varchar(2000) NOT NULL DEFAULT '',
        name varchar(255) NOT NULL DEFAULT '',
        extension varchar(100) NOT NULL DEFAULT '',
        type varchar(10) NOT NULL,
        size bigint,
        tag varchar(50) NOT NULL DEFAULT '',
        status varchar(50) NOT NULL DEFAULT '',
        mime_type varchar(100) NOT NULL DEFAULT '',
        file_type varchar(1024) NOT NULL DEFAULT '',
        programming_language varchar(50) NOT NULL DEFAULT '',
        is_binary boolean NOT NULL DEFAULT false,
        is_text boolean NOT NULL DEFAULT false,
        is_archive boolean NOT NULL DEFAULT false,
        is_media boolean NOT NULL DEFAULT false,
        is_legal boolean NOT NULL DEFAULT false,
        is_manifest boolean NOT NULL DEFAULT false,
        is_readme boolean NOT NULL DEFAULT false,
        is_top_level boolean NOT NULL DEFAULT false,
        is_key_file boolean NOT NULL DEFAULT false,
        md5 varchar(32) NOT NULL DEFAULT '',
        sha1 varchar(40) NOT NULL DEFAULT '',
        sha256 varchar(64) NOT NULL DEFAULT '',
        sha512 varchar(128) NOT NULL DEFAULT '',
        sha1_git varchar(40) NOT NULL DEFAULT '',
        detected_license_expression text NOT NULL DEFAULT '',
        detected_license_expression_spdx text NOT NULL DEFAULT '',
        license_detections jsonb NOT NULL DEFAULT '[]',
        license_clues jsonb NOT NULL DEFAULT '[]',
        percentage_of_license_text double precision,
        compliance_alert varchar(10) NOT NULL DEFAULT '',
        copyrights jsonb NOT NULL DEFAULT '[]',
        holders jsonb NOT NULL DEFAULT '[]',
        authors jsonb NOT NULL DEFAULT '[]',
        emails jsonb NOT NULL DEFAULT '[]',
        urls jsonb NOT NULL DEFAULT '[]',
        package_data jsonb NOT NULL DEFAULT '[]',
        extra_data jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT codebase_resources_project_path_key UNIQUE (project_uuid, path)
      );
      CREATE INDEX codebase_resources_status_idx ON codebase_resources (project_uuid, status);

      CREATE TABLE discovered_packages (
        id bigserial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        purl varchar(2048) NOT NULL DEFAULT '',
        type varchar(16) NOT NULL DEFAULT '',
        namespace varchar(255) NOT NULL DEFAULT '',
        name varchar(100) NOT NULL DEFAULT '',
        version varchar(100) NOT NULL DEFAULT '',
        qualifiers varchar(1024) NOT NULL DEFAULT '',
        subpath varchar(200) NOT NULL DEFAULT '',
        package_uid varchar(1024) NOT NULL DEFAULT '',
        filename varchar(255) NOT NULL DEFAULT '',
        tag varchar(50) NOT NULL DEFAULT '',
        primary_language varchar(50) NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        notes text NOT NULL DEFAULT '',
        release_date date,
        parties jsonb NOT NULL DEFAULT '[]',
        keywords jsonb NOT NULL DEFAULT '[]',
        homepage_url varchar(1024) NOT NULL DEFAULT '',
        download_url varchar(2048) NOT NULL DEFAULT '',
        bug_tracking_url varchar(1024) NOT NULL DEFAULT '',
        code_view_url varchar(1024) NOT NULL DEFAULT '',
        vcs_url varchar(1024) NOT NULL DEFAULT '',
        repository_homepage_url varchar(1024) NOT NULL DEFAULT '',
        repository_download_url varchar(1024) NOT NULL DEFAULT '',
        api_data_url varchar(1024) NOT NULL DEFAULT '',
        size bigint,
        md5 varchar(32) NOT NULL DEFAULT '',
        sha1 varchar(40) NOT NULL DEFAULT '',
        sha256 varchar(64) NOT NULL DEFAULT '',
        sha512 varchar(128) NOT NULL DEFAULT '',
        copyright text NOT NULL DEFAULT '',
        holder text NOT NULL DEFAULT '',
        declared_license_expression text NOT NULL DEFAULT '',
        declared_license_expression_spdx text NOT NULL DEFAULT '',
        license_detections jsonb NOT NULL DEFAULT '[]',
        other_license_expression text NOT NULL DEFAULT '',
        other_license_expression_spdx text NOT NULL DEFAULT '',
        other_license_detections jsonb NOT NULL DEFAULT '[]',
        extracted_license_statement text NOT NULL DEFAULT '',
        compliance_alert varchar(10) NOT NULL DEFAULT '',
        notice_text text NOT NULL DEFAULT '',
        source_packages jsonb NOT NULL DEFAULT '[]',
        extra_data jsonb NOT NULL DEFAULT '{}',
        is_private boolean NOT NULL DEFAULT false,
        is_virtual boolean NOT NULL DEFAULT false,
        datasource_ids jsonb NOT NULL DEFAULT '[]',
        datafile_paths jsonb NOT NULL DEFAULT '[]',
        file_references jsonb NOT NULL DEFAULT '[]',
        missing_resources jsonb NOT NULL DEFAULT '[]',
        modified_resources jsonb NOT NULL DEFAULT '[]',
        affected_by_vulnerabilities jsonb NOT NULL DEFAULT '[]'
      );
      CREATE UNIQUE INDEX discovered_packages_uid_key ON discovered_packages (project_uuid, package_uid) WHERE package_uid <> '';
      CREATE INDEX discovered_packages_project_idx ON discovered_packages (project_uuid, uuid);

      CREATE TABLE resource_packages (
        resource_id bigint NOT NULL REFERENCES codebase_resources(id) ON DELETE CASCADE,
        package_id bigint NOT NULL REFERENCES discovered_packages(id) ON DELETE CASCADE,
        PRIMARY KEY (resource_id, package_id)
      );
      CREATE INDEX resource_packages_package_idx ON resource_packages (package_id);

      CREATE TABLE discovered_dependencies (
        id bigserial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        purl varchar(2048) NOT NULL DEFAULT '',
        type varchar(16) NOT NULL DEFAULT '',
        namespace varchar(255) NOT NULL DEFAULT '',
        name varchar(100) NOT NULL DEFAULT '',
        version varchar(100) NOT NULL DEFAULT '',
        qualifiers varchar(1024) NOT NULL DEFAULT '',
        subpath varchar(200) NOT NULL DEFAULT '',
        dependency_uid varchar(1024) NOT NULL DEFAULT '',
        for_package_id bigint REFERENCES discovered_packages(id) ON DELETE CASCADE,
        resolved_to_package_id bigint REFERENCES discovered_packages(id) ON DELETE SET NULL,
        datafile_resource_id bigint REFERENCES codebase_resources(id) ON DELETE CASCADE,
        datafile_path varchar(2000),
        extracted_requirement varchar(256) NOT NULL DEFAULT '',
        scope varchar(64) NOT NULL DEFAULT '',
        datasource_id varchar(64) NOT NULL DEFAULT '',
        is_runtime boolean NOT NULL DEFAULT false,
        is_optional boolean NOT NULL DEFAULT false,
        is_pinned boolean NOT NULL DEFAULT false,
        is_direct boolean NOT NULL DEFAULT false,
        affected_by_vulnerabilities jsonb NOT NULL DEFAULT '[]'
      );
      CREATE UNIQUE INDEX discovered_dependencies_uid_key ON discovered_dependencies (project_uuid, dependency_uid) WHERE dependency_uid <> '';

      CREATE TABLE codebase_relations (
        id bigserial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        from_resource_id bigint NOT NULL REFERENCES codebase_resources(id) ON DELETE CASCADE,
        to_resource_id bigint NOT NULL REFERENCES codebase_resources(id) ON DELETE CASCADE,
        map_type varchar(30) NOT NULL,
        extra_data jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT codebase_relations_unique UNIQUE (from_resource_id, to_resource_id, map_type)
      );
      CREATE INDEX codebase_relations_project_idx ON codebase_relations (project_uuid);

      CREATE TABLE project_messages (
        id bigserial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        severity varchar(10) NOT NULL,
        description text NOT NULL DEFAULT '',
        model varchar(100) NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}',
        traceback text NOT NULL DEFAULT '',
        created_date timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX project_messages_project_idx ON project_messages (project_uuid, created_date, id);

      CREATE TABLE discovered_licenses (
        id bigserial PRIMARY KEY,
        project_uuid uuid NOT NULL REFERENCES projects(uuid) ON DELETE CASCADE,
        identifier varchar(1024) NOT NULL,
        license_expression text NOT NULL DEFAULT '',
        license_expression_spdx text NOT NULL DEFAULT '',
        matches jsonb NOT NULL DEFAULT '[]',
        detection_log jsonb NOT NULL DEFAULT '[]',
        from_package boolean NOT NULL DEFAULT false,
        is_license_clue boolean NOT NULL DEFAULT false,
        detection_count integer NOT NULL DEFAULT 0,
        file_regions jsonb NOT NULL DEFAULT '[]',
        needs_review boolean NOT NULL DEFAULT false,
        review_comments jsonb NOT NULL DEFAULT '[]',
        compliance_alert varchar(10) NOT NULL DEFAULT '',
        CONSTRAINT discovered_licenses_identifier_key UNIQUE (project_uuid, identifier)
      );

      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(150) NOT NULL UNIQUE,
        is_active boolean NOT NULL DEFAULT true,
        is_staff boolean NOT NULL DEFAULT false,
        is_superuser boolean NOT NULL DEFAULT false,
        created_date timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        prefix varchar(8) NOT NULL UNIQUE,
        key_hash varchar(200) NOT NULL,
        created timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS api_tokens, users, discovered_licenses, project_messages, codebase_relations,
        discovered_dependencies, resource_packages, discovered_packages, codebase_resources,
        webhook_deliveries, webhook_subscriptions, input_sources, runs, projects CASCADE;
    `);
  }
}
