import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { probeMp4 } from '../../../src-main/video/media-probe.ts';
import { makeTempDir, removeTempDir } from '../../helpers/temp-dir.ts';

const MEDIA = path.join(import.meta.dirname, '../../fixtures/media');

describe('probeMp4', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeTempDir));

  it.each([
    ['h264-360x640-2s.mp4', { width: 360, height: 640, duration: 2 }, /^avc1\./],
    ['h264-640x360-moov-at-end.mp4', { width: 640, height: 360, duration: 1.5 }, /^avc1\./],
    ['h265-360x640-1s.mp4', { width: 360, height: 640, duration: 1 }, /^hvc1\./],
  ])('reads size, duration and codec of %s', async (name, expected, codec) => {
    const facts = await probeMp4(path.join(MEDIA, name));
    expect(facts).toMatchObject(expected);
    expect(facts.videoCodec).toMatch(codec);
  });

  it('finds a moov behind a large mdat without reading the whole file', async () => {
    const dir = makeTempDir();
    dirs.push(dir);
    // The same file with 40 MiB more media data: the moov sits behind a large mdat, as in
    // files written without faststart. Only following the parser's seeks gets there in time.
    const real = fs.readFileSync(path.join(MEDIA, 'h264-640x360-moov-at-end.mp4'));
    const boxes = [];
    for (let at = 0; at < real.length; at += real.readUInt32BE(at)) {
      boxes.push({
        at,
        size: real.readUInt32BE(at),
        type: real.toString('latin1', at + 4, at + 8),
      });
    }
    const mdat = boxes.find((b) => b.type === 'mdat');
    if (!mdat) throw new Error('fixture has no mdat');
    const extra = 40 * 1024 * 1024;
    const header = Buffer.from(real.subarray(mdat.at, mdat.at + 8));
    header.writeUInt32BE(mdat.size + extra, 0);
    const file = path.join(dir, 'big.mp4');
    fs.writeFileSync(
      file,
      Buffer.concat([
        real.subarray(0, mdat.at),
        header,
        real.subarray(mdat.at + 8, mdat.at + mdat.size),
        Buffer.alloc(extra),
        real.subarray(mdat.at + mdat.size),
      ]),
    );
    expect(await probeMp4(file)).toMatchObject({ width: 640, height: 360, duration: 1.5 });
  });

  it.each([
    ['a JPEG', fs.readFileSync(path.join(MEDIA, 'cover.jpg'))],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated MP4', fs.readFileSync(path.join(MEDIA, 'h264-360x640-2s.mp4')).subarray(0, 100)],
    [
      'random bytes that claim ftyp',
      Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('ftyp'), Buffer.alloc(64, 7)]),
    ],
  ])('answers all nulls for %s', async (_name, bytes) => {
    const dir = makeTempDir();
    dirs.push(dir);
    const file = path.join(dir, 'x.bin');
    fs.writeFileSync(file, bytes);
    expect(await probeMp4(file)).toEqual({
      width: null,
      height: null,
      duration: null,
      videoCodec: null,
    });
  });
});
