import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ENTRY_LIFETIME_MS,
  forgetLatestWeight,
  latestWeightChanged,
  latestWeightKg,
  provideWeightChangeBroadcast,
  rememberLatestWeights,
} from './latestWeights';

/** A database read that answers when told to. */
function pendingRead(weightKg: number | undefined) {
  let answer: () => void = () => undefined;
  const read = vi.fn(() => new Promise<number | undefined>((resolve) => (answer = () => resolve(weightKg))));
  return { read, answer: () => answer() };
}

beforeEach(() => rememberLatestWeights(true));

afterEach(() => {
  provideWeightChangeBroadcast(undefined);
  vi.useRealTimers();
});

describe('latest weights', () => {
  it('reads a weight once and answers from memory after that, "none logged" included', async () => {
    const read = vi.fn(() => Promise.resolve(81.5));
    const none = vi.fn(() => Promise.resolve(undefined));

    expect(await latestWeightKg('alice', read)).toBe(81.5);
    expect(await latestWeightKg('alice', read)).toBe(81.5);
    expect(await latestWeightKg('bob', none)).toBeUndefined();
    expect(await latestWeightKg('bob', none)).toBeUndefined();

    expect(read).toHaveBeenCalledTimes(1);
    expect(none).toHaveBeenCalledTimes(1);
  });

  it("forgets a person's weight when it changes, here and on every other node", async () => {
    const broadcast = vi.fn(() => Promise.resolve());
    provideWeightChangeBroadcast(broadcast);
    await latestWeightKg('carol', () => Promise.resolve(90));
    await latestWeightKg('dave', () => Promise.resolve(60));

    await latestWeightChanged('carol');

    expect(broadcast).toHaveBeenCalledWith('carol');
    expect(await latestWeightKg('carol', () => Promise.resolve(88))).toBe(88);
    expect(await latestWeightKg('dave', () => Promise.resolve(0))).toBe(60);
  });

  it('does not remember a read that was under way when the weight changed', async () => {
    const before = pendingRead(90);
    const reading = latestWeightKg('erin', before.read);
    forgetLatestWeight('erin'); // a weigh-in saved on another node while the read was on its way
    before.answer();
    expect(await reading).toBe(90);

    expect(await latestWeightKg('erin', () => Promise.resolve(85))).toBe(85);
  });

  it('remembers nothing while it might miss changes, and starts afresh after', async () => {
    await latestWeightKg('frank', () => Promise.resolve(70));
    rememberLatestWeights(false);
    const read = vi.fn(() => Promise.resolve(72));

    expect(await latestWeightKg('frank', read)).toBe(72);
    expect(await latestWeightKg('frank', read)).toBe(72);
    expect(read).toHaveBeenCalledTimes(2);

    const during = pendingRead(73);
    const reading = latestWeightKg('frank', during.read);
    rememberLatestWeights(true);
    during.answer();
    await reading;
    expect(await latestWeightKg('frank', () => Promise.resolve(74))).toBe(74);
  });

  it('reads again once an entry has lived its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await latestWeightKg('grace', () => Promise.resolve(65));
    vi.setSystemTime(Date.now() + ENTRY_LIFETIME_MS - 1);
    expect(await latestWeightKg('grace', () => Promise.resolve(66))).toBe(65);

    vi.setSystemTime(Date.now() + 2);

    expect(await latestWeightKg('grace', () => Promise.resolve(66))).toBe(66);
  });
});
