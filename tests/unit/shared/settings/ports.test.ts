import { describe, expect, it } from 'vitest';
import { isBrowserBlockedPort, otherServiceOfPort } from '../../../../src-shared/settings/ports.ts';

describe('ports that cannot work', () => {
  it("names the protocol of another service's well-known port, none for SMTP's own", () => {
    expect(otherServiceOfPort(80)).toBe('HTTP');
    expect(otherServiceOfPort(443)).toBe('HTTPS');
    expect(otherServiceOfPort(22)).toBe('SSH');
    expect(otherServiceOfPort(53)).toBe('DNS');
    for (const smtp of [25, 465, 587, 2525, 1025, 8025])
      expect(otherServiceOfPort(smtp)).toBeNull();
  });

  it("knows the Fetch standard's bad ports (browsers refuse them) and passes ordinary ones", () => {
    for (const bad of [1, 22, 25, 6000, 6666, 10080]) expect(isBrowserBlockedPort(bad)).toBe(true);
    for (const fine of [80, 443, 3000, 8080, 8787, 65535]) {
      expect(isBrowserBlockedPort(fine)).toBe(false);
    }
  });
});
