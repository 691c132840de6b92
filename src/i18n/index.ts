import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './en';

/** The interface languages, with the name each shows in the language switch. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
] as const;

// English is bundled (it is also the fallback); another language's strings load when it is chosen.
const lazyLanguages = {
  type: 'backend' as const,
  init() {},
  read(language: string, _namespace: string, callback: (error: unknown, data: object | null) => void) {
    if (language !== 'zh') return callback(null, language === 'en' ? en : null);
    import('./zh').then(
      (m) => callback(null, m.zh),
      (error: unknown) => callback(error, null),
    );
  },
};

/** Starts i18next with the detection order and options of docs/specification.md section 9; resolves once the chosen language's strings are in. */
export function initI18n(): Promise<unknown> {
  const ready = i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .use(lazyLanguages)
    .init({
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      supportedLngs: LANGUAGES.map((l) => l.code),
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      debug: true,
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupCookie: 'i18next',
        lookupLocalStorage: 'i18nextLng',
        lookupSessionStorage: 'i18nextLng',
        caches: ['localStorage'],
      },
    });
  i18n.on('languageChanged', (lng) => document.documentElement.setAttribute('lang', lng));
  document.documentElement.setAttribute('lang', i18n.resolvedLanguage ?? 'en');
  return ready;
}
