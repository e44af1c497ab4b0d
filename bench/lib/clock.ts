/** Milliseconds since the Unix epoch with sub-millisecond resolution, as pages report it too. */
export const epochNow = () => performance.timeOrigin + performance.now();

export interface ClockOffset {
  /** What the other clock reads minus what this one reads at the same moment, in ms. */
  offset: number;
  /** How far the true offset can be from `offset`: half the quickest round trip. */
  bound: number;
}

/**
 * The offset of another process's `epochNow` from this one's, from the quickest of `rounds`
 * round trips that ask it the time (taken as read half-way through the round trip). Each
 * process's clock is its own wall-clock reading at start-up plus a monotonic count, so two
 * processes can disagree by a constant; timings that cross processes subtract it.
 */
export async function measureClockOffset(
  askTime: () => Promise<number>,
  rounds = 40,
): Promise<ClockOffset> {
  let best = { roundTrip: Infinity, offset: 0 };
  for (let round = 0; round < rounds; round += 1) {
    const sent = epochNow();
    const remote = await askTime();
    const received = epochNow();
    if (received - sent < best.roundTrip) {
      best = { roundTrip: received - sent, offset: remote - (sent + received) / 2 };
    }
  }
  return { offset: best.offset, bound: best.roundTrip / 2 };
}
