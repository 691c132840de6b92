// After a skeleton PNG is read, the editor names the hands it could not read for sure, in the interface language.
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/en';
import { zh } from '../../../src/i18n/zh';
import { uncertainHandsText } from '../../../src/ui/editor/SkeletonReadingStatus';

async function translator(lng: 'en' | 'zh') {
  const i18n = createInstance();
  await i18n.init({ lng, resources: { en: { translation: en }, zh: { translation: zh } }, interpolation: { escapeValue: false } });
  return i18n.t;
}

describe('the hands a skeleton reading could not read for sure', () => {
  const hands = [
    { person: 0, side: 'left' as const, hidden: 7 },
    { person: 1, side: 'right' as const, hidden: 21 },
  ];

  it('are named in English, people counted from 1, with the points hidden', async () => {
    expect(uncertainHandsText(await translator('en'), hands, 'en')).toBe(
      'Hands it could not read for sure (their doubtful points are hidden): person 1 left hand (7 of 21 points hidden) and person 2 right hand (21 of 21 points hidden).',
    );
  });

  it('are named in Chinese', async () => {
    expect(uncertainHandsText(await translator('zh'), hands, 'zh')).toBe(
      '未能确定的手部（无法分辨的点已隐藏）：人物 1 的左手（21 个点中隐藏 7 个）和人物 2 的右手（21 个点中隐藏 21 个）。',
    );
  });

  it('say nothing when every hand was read for sure', async () => {
    expect(uncertainHandsText(await translator('en'), [], 'en')).toBe('');
  });
});
