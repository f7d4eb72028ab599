/** The built-in attribution page, in the syntax of template-engine.ts. */
export const DEFAULT_ATTRIBUTION_TEMPLATE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Attribution for {{ project.name }}</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1.5rem; line-height: 1.4; }
      pre { white-space: pre-wrap; background: #f6f6f6; padding: .5rem; }
      .package, .license { border-top: 1px solid #ccc; padding-top: .5rem; }
    </style>
  </head>
  <body>
    <h1>Attribution for {{ project.name }}</h1>
    <p>
      Packages are identified by Package URL (https://github.com/package-url/purl-spec);
      licenses by SPDX license expressions (https://spdx.org/licenses/), with ScanCode
      LicenseDB references (https://scancode-licensedb.aboutcode.org/) for licenses SPDX
      does not list.
    </p>

    <h2>Open source packages</h2>
    <ol id="packages">
      {% for package in packages %}<li><a href="#package_{{ forloop.counter }}">{{ package.package_url }}</a></li>
      {% empty %}<li>No packages.</li>
      {% endfor %}
    </ol>

    <h2>Licenses used in {{ project.name }}</h2>
    <ul id="licenses">
      {% for license in licenses %}<li><a href="#license_{{ license.key }}">{{ license.spdx_license_key }}</a></li>
      {% endfor %}
    </ul>
    <p>The <a href="#license_texts">license texts</a> follow the package details.</p>

    <h2>Package details</h2>
    {% for package in packages %}
    <section class="package" id="package_{{ forloop.counter }}">
      <h3>{{ package.package_url }}</h3>
      {% if package.homepage_url %}<p>Homepage: {{ package.homepage_url|urlize }}</p>{% endif %}
      {% if package.download_url %}<p>Download: {{ package.download_url|urlize }}</p>{% endif %}
      {% if package.copyright %}<pre>{{ package.copyright }}</pre>{% endif %}
      {% if package.declared_license_expression %}<p>License: {{ package.expression_links|raw }}</p>{% endif %}
      {% if package.notice_text %}<pre>{{ package.notice_text }}</pre>{% endif %}
    </section>
    {% endfor %}

    <h2 id="license_texts">License texts</h2>
    {% for license in licenses %}
    <section class="license" id="license_{{ license.key }}">
      <h3>{{ license.spdx_license_key }}</h3>
      {% if license.name %}<p>{{ license.name }}</p>{% endif %}
      {% if license.licensedb_url %}<p><a href="{{ license.licensedb_url }}">{{ license.licensedb_url }}</a></p>{% endif %}
      <pre>{{ license.text }}</pre>
    </section>
    {% endfor %}
  </body>
</html>
`;
