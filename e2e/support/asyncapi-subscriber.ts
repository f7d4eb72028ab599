import { readFileSync } from 'node:fs';
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { Channel, ConsumeMessage } from 'amqplib';
import { parse } from 'yaml';

/** What an outside subscriber learns about one event from the AsyncAPI document, and nothing else. */
export interface DocumentedEvent {
  routingKey: string;
  /** The AMQP `type` property the document gives the message (its amqp message binding). */
  messageType: string;
  contentType: string;
  validate: ValidateFunction;
}

export interface DecodedEvent {
  routingKey: string;
  messageId: string;
  payload: Record<string, unknown>;
}

/** Follows a local `#/...` reference of the document. */
function resolve(doc: any, node: any): any {
  if (!node || typeof node !== 'object' || typeof node.$ref !== 'string') return node;
  return resolve(doc, node.$ref.slice(2).split('/').reduce((at: any, key: string) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc));
}

/**
 * A receiver built from docs/asyncapi.yaml alone: the exchange (with the deployment's prefix in
 * place of the default one, as the document says), one routing key per `receive` operation, and a
 * payload validator compiled from the document's own schemas. It knows no TypeScript type of the
 * service: what it decodes is what the document promises.
 */
export class AsyncApiSubscriber {
  readonly doc: any;
  readonly exchange: string;
  readonly events = new Map<string, DocumentedEvent>();

  constructor(path: string, amqpPrefix: string) {
    this.doc = parse(readFileSync(path, 'utf8'));
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(this.doc, 'asyncapi');
    const exchanges = new Set<string>();
    for (const operation of Object.values<any>(this.doc.operations)) {
      if (operation.action !== 'receive') continue;
      const channel = resolve(this.doc, operation.channel);
      exchanges.add(resolve(this.doc, channel.bindings).amqp.exchange.name);
      for (const messageRef of Object.values<any>(channel.messages)) {
        const message = resolve(this.doc, messageRef);
        const validate = ajv.getSchema(`asyncapi${message.payload.$ref}`);
        if (!validate) throw new Error(`no schema at ${message.payload.$ref}`);
        this.events.set(channel.address, { routingKey: channel.address, messageType: resolve(this.doc, message.bindings).amqp.messageType, contentType: message.contentType ?? this.doc.defaultContentType, validate });
      }
    }
    if (exchanges.size !== 1) throw new Error(`expected one events exchange, the document names ${[...exchanges].join(', ')}`);
    // "`<AMQP_PREFIX>.events` (`sca.events` unless the deployment sets AMQP_PREFIX)".
    this.exchange = [...exchanges][0].replace(/^sca\./, `${amqpPrefix}.`);
  }

  /** Declares the subscriber's own durable queue and binds it to every documented routing key. */
  async bind(ch: Channel, queue: string): Promise<void> {
    await ch.checkExchange(this.exchange);
    await ch.assertQueue(queue, { durable: true });
    for (const key of this.events.keys()) await ch.bindQueue(queue, this.exchange, key);
  }

  /** Decodes one delivery as the document describes it; throws, naming what does not match. */
  decode(msg: ConsumeMessage): DecodedEvent {
    const event = this.events.get(msg.fields.routingKey);
    if (!event) throw new Error(`routing key ${msg.fields.routingKey} is not in the document`);
    const { contentType, type, messageId } = msg.properties as { contentType?: string; type?: string; messageId?: string };
    const problems: string[] = [];
    if (contentType !== event.contentType) problems.push(`content_type ${contentType}, documented ${event.contentType}`);
    if (type !== event.messageType) problems.push(`type ${type}, documented ${event.messageType}`);
    if (!messageId) problems.push('no message_id (the de-duplication key the document promises)');
    if (msg.properties.deliveryMode !== 2) problems.push(`delivery_mode ${msg.properties.deliveryMode}, documented 2 (persistent)`);
    const payload = JSON.parse(msg.content.toString('utf8')) as Record<string, unknown>;
    if (!event.validate(payload)) problems.push(`payload: ${event.validate.errors?.map((e) => `${e.instancePath} ${e.message}`).join('; ')}`);
    if (problems.length) throw new Error(`${msg.fields.routingKey} does not match docs/asyncapi.yaml: ${problems.join(', ')}`);
    return { routingKey: msg.fields.routingKey, messageId: messageId!, payload };
  }
}
