import { describe, expect, it } from 'vitest';
import {
  fitZoom,
  frameHeight,
  MAX_FRAME_HEIGHT,
} from '../../src-renderer/features/mail/frame-fit.ts';

describe('fitting a mail to a phone (issue 33 part 2)', () => {
  it('scales a wide mail down to the frame, and leaves one that fits alone', () => {
    expect(fitZoom(560, 358)).toBeCloseTo(358 / 560, 6);
    expect(fitZoom(600, 300)).toBe(0.5);
    expect(fitZoom(358, 358)).toBe(1);
    // A sub-pixel overhang (rounding) is not worth scaling the text for.
    expect(fitZoom(359, 358)).toBe(1);
    expect(fitZoom(200, 358)).toBe(1);
    // A frame not laid out yet (0 wide) is left as it is.
    expect(fitZoom(560, 0)).toBe(1);
  });

  it('makes the frame as high as the mail, in whole pixels, within the cap', () => {
    expect(frameHeight(812.2)).toBe(813);
    expect(frameHeight(0)).toBe(0);
    expect(frameHeight(-5)).toBe(0);
    expect(frameHeight(1e9)).toBe(MAX_FRAME_HEIGHT);
  });
});
