import { describe, expect, it, vi } from 'vitest';
import { markReachability, onReachabilityChange, serverUnreachable } from './reachability';

describe('reachability', () => {
  it('tells its listeners when the server stops and starts answering, once per change', () => {
    const listener = vi.fn();
    const stop = onReachabilityChange(listener);
    markReachability(true);
    expect(listener).not.toHaveBeenCalled();
    markReachability(false);
    markReachability(false);
    expect(serverUnreachable()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    markReachability(true);
    expect(serverUnreachable()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    markReachability(false);
    expect(listener).toHaveBeenCalledTimes(2);
    markReachability(true);
  });
});
