import { describe, expect, it } from 'vitest';
import { DEVICES, deviceLabel, fitDevice } from './device-fit';

describe('the preview devices', () => {
  it('render at a desktop width, and at exactly the tablet and phone sizes', () => {
    expect(DEVICES.desktop.size).toEqual({ width: 1280, height: 800 });
    expect(DEVICES.tablet.size).toEqual({ width: 768, height: 1024 });
    expect(DEVICES.mobile.size).toEqual({ width: 375, height: 667 });
  });
});

describe('fitDevice', () => {
  it('shrinks the desktop screen until all of it fits the panel', () => {
    // A side panel some 400 px wide: the width decides.
    expect(fitDevice(DEVICES.desktop, { width: 400, height: 600 })).toEqual({
      scale: 0.3125,
      width: 400,
      height: 250,
    });
    // A wide, short panel: the height decides.
    expect(fitDevice(DEVICES.desktop, { width: 1200, height: 400 })).toEqual({
      scale: 0.5,
      width: 640,
      height: 400,
    });
  });

  it('never draws a screen larger than it is', () => {
    expect(fitDevice(DEVICES.desktop, { width: 2000, height: 1400 }).scale).toBe(1);
    expect(fitDevice(DEVICES.mobile, { width: 500, height: 300 })).toEqual({
      scale: 1,
      width: 375,
      height: 667,
    });
  });

  it('fits a tablet or phone to the panel’s width and lets it run taller than the panel', () => {
    const tablet = fitDevice(DEVICES.tablet, { width: 384, height: 500 });
    expect(tablet).toEqual({ scale: 0.5, width: 384, height: 512 });
    expect(tablet.height).toBeGreaterThan(500);
    const phone = fitDevice(DEVICES.mobile, { width: 300, height: 900 });
    expect(phone.scale).toBeCloseTo(0.8);
    expect(phone.width).toBeCloseTo(300);
  });

  it('draws at full size until the panel has a size', () => {
    expect(fitDevice(DEVICES.tablet, { width: 0, height: 0 })).toEqual({
      scale: 1,
      width: 768,
      height: 1024,
    });
  });
});

describe('deviceLabel', () => {
  it('names the layout size and the drawn scale', () => {
    expect(deviceLabel({ width: 1280, height: 800 }, 0.625)).toBe('1280 × 800 · 62%');
    expect(deviceLabel({ width: 768, height: 1024 }, 1)).toBe('768 × 1024 · 100%');
    expect(deviceLabel({ width: 375, height: 667 }, 0.999)).toBe('375 × 667 · 99%');
    expect(deviceLabel({ width: 375, height: 667 }, 0.29)).toBe('375 × 667 · 29%');
  });
});
