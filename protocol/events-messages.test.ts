import { describe, expect, it } from 'vitest';
import { isForSession, parseBusEvent, SERVER_ONLY_EVENTS } from './events';

describe('message and task events', () => {
  const fresh = { type: 'message.new', appId: 'app1', userId: 'u1', batchId: 'b1', title: '周会', source: 'admin' };

  it('accepts a well-formed new-message event and delivers a private one to its user only', () => {
    const event = parseBusEvent(fresh)!;
    expect(event).toEqual(fresh);
    expect(isForSession(event, 'app1', 'u1')).toBe(true);
    expect(isForSession(event, 'app1', 'u2')).toBe(false);
    const everyone = parseBusEvent({ ...fresh, userId: undefined })!;
    expect(isForSession(everyone, 'app1', 'u2')).toBe(true);
    expect(isForSession(everyone, 'app2', 'u2')).toBe(false);
  });

  it('drops malformed ones rather than trusting them', () => {
    expect(parseBusEvent({ ...fresh, source: 'shell' })).toBeUndefined();
    expect(parseBusEvent({ ...fresh, title: '' })).toBeUndefined();
    expect(parseBusEvent({ ...fresh, title: 'x'.repeat(201) })).toBeUndefined();
    expect(parseBusEvent({ type: 'message.read', appId: 'app1', userId: 'u1', unread: -1 })).toBeUndefined();
    expect(parseBusEvent({ type: 'message.read', appId: 'app1', unread: 0 })).toBeUndefined();
    expect(parseBusEvent({ type: 'message.read', appId: 'app1', userId: 'u1', unread: 3 })).toBeDefined();
  });

  it('keeps task changes on the server', () => {
    expect(parseBusEvent({ type: 'task.changed', appId: 'app1', taskId: 't1' })).toBeDefined();
    expect(SERVER_ONLY_EVENTS.has('task.changed')).toBe(true);
    expect(SERVER_ONLY_EVENTS.has('message.new')).toBe(false);
  });
});
