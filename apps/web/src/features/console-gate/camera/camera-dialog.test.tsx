import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gateScreen } from '../test-render';
import CameraDialog from './camera-dialog';

/**
 * The gate's camera when it cannot read (issue 29): a camera refused, none at all, one that fails to
 * start, each said in words in both languages with the way out (type the code). The browser test
 * (e2e/gate-offline.spec.ts) reads a real ticket through Chromium's fake camera.
 */
const screen = gateScreen();
afterEach(() => {
  vi.unstubAllGlobals();
});

async function open(lang: 'pl' | 'en', getUserMedia?: () => Promise<MediaStream>) {
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: getUserMedia ? { getUserMedia } : undefined });
  const onClose = vi.fn();
  await screen.render(lang, <CameraDialog open onClose={onClose} onCode={() => undefined} />);
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return { camera: document.querySelector('[data-testid="gate-camera"]')!, onClose };
}

const refusing = (name: string) => () => Promise.reject(new DOMException('no', name));

describe('the gate camera', () => {
  it.each([
    ['pl', 'NotAllowedError', 'denied', /zablokowany/],
    ['en', 'NotAllowedError', 'denied', /blocked for this page/],
    ['pl', 'NotFoundError', 'none', /nie ma aparatu/],
    ['en', 'NotReadableError', 'failed', /could not be started/],
  ] as const)('%s: %s is said in words (%s)', async (lang, error, state, words) => {
    const { camera } = await open(lang, refusing(error));
    expect(camera.getAttribute('data-state')).toBe(state);
    expect(camera.querySelector('[role="alert"]')?.textContent).toMatch(words);
    expect(camera.querySelector('video')).toBeNull();
  });

  it('a browser without camera access at all says there is no camera, and offers to type the code', async () => {
    const { camera, onClose } = await open('en');
    expect(camera.getAttribute('data-state')).toBe('none');
    const type = [...camera.querySelectorAll('button')].find((b) => b.textContent === 'Type the code')!;
    await act(async () => type.click());
    expect(onClose).toHaveBeenCalled();
  });
});
