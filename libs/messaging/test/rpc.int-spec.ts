import { Controller, Module } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { of } from 'rxjs';
import { DomainError, RpcError, RpcTimeoutError, type AmqpContext, type MessageBus } from '../src';
import { TestBroker, gate } from './broker-fixture';

const slow = gate();
const seen: { kind?: string; messageId?: string } = {};

@Controller()
class CalcController {
  @MessagePattern('calc.add')
  async add(@Payload() p: { a: number; b: number }, @Ctx() ctx: AmqpContext): Promise<{ sum: number }> {
    seen.kind = ctx.kind;
    return { sum: p.a + p.b };
  }

  /** Several values: the caller gets the last one. */
  @MessagePattern('calc.count')
  count(@Payload() p: { to: number }) {
    return of(...Array.from({ length: p.to }, (_, i) => i + 1));
  }

  @MessagePattern('calc.divide')
  divide(@Payload() p: { a: number; b: number }): number {
    if (p.b === 0) throw new DomainError('validation', 'Cannot divide by zero.', { b: ['must not be 0'] });
    return p.a / p.b;
  }

  @MessagePattern('calc.crash')
  crash(): never {
    throw new Error('connection string with a password in it');
  }

  @MessagePattern('calc.slow')
  async slow(): Promise<string> {
    await slow.promise;
    return 'late';
  }
}

@Module({ controllers: [CalcController] })
class CalcModule {}

describe('RPC over RabbitMQ', () => {
  let broker: TestBroker;
  let bus: MessageBus;

  beforeAll(async () => {
    broker = await TestBroker.start('rpc');
    await broker.startService(CalcModule, { rpcService: 'calc' });
    // Same handlers behind Nest's default exception filter, which rewrites unknown errors.
    await broker.startService(CalcModule, { rpcService: 'calc-default-filter' }, { passErrorsThrough: false });
    ({ bus } = await broker.bus());
  });

  afterAll(async () => {
    slow.open();
    await broker.cleanup({ rpc: ['calc', 'calc-default-filter'] });
  });

  it('returns the handler result', async () => {
    await expect(bus.request('calc', 'calc.add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
    expect(seen.kind).toBe('rpc');
  });

  it('takes the last value of an Observable', async () => {
    await expect(bus.request('calc', 'calc.count', { to: 3 })).resolves.toBe(3);
  });

  it('rejects with RpcError carrying code, message and details of a DomainError', async () => {
    const err = await bus.request('calc', 'calc.divide', { a: 1, b: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ code: 'validation', message: 'Cannot divide by zero.', details: { b: ['must not be 0'] } });
  });

  it('keeps DomainError and hides other errors behind Nest\'s default exception filter too', async () => {
    const svc = 'calc-default-filter';
    await expect(bus.request(svc, 'calc.divide', { a: 1, b: 0 })).rejects.toMatchObject({ code: 'validation' });
    await expect(bus.request(svc, 'calc.crash', {})).rejects.toMatchObject({ code: 'internal', message: 'internal error' });
  });

  it('hides the text of an unexpected error behind code internal and an error id', async () => {
    const err = await bus.request('calc', 'calc.crash', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ code: 'internal', message: 'internal error' });
    expect((err as RpcError).details).toEqual({ error_id: expect.any(String) });
  });

  it('rejects with RpcTimeoutError when no reply comes in time', async () => {
    await expect(bus.request('calc', 'calc.slow', {}, 300)).rejects.toBeInstanceOf(RpcTimeoutError);
  });

  it('answers an unknown pattern with an error instead of leaving the caller to time out', async () => {
    await expect(bus.request('calc', 'calc.nope', {})).rejects.toMatchObject({ code: 'no_handler', message: 'no handler for calc.nope' });
  });

  it('fails fast when no queue exists for the service', async () => {
    await expect(bus.request('nobody', 'x.y', {}, 5000)).rejects.toMatchObject({ code: 'unavailable' });
  });
});
