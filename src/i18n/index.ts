import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { zh } from './zh';

/** The interface languages, with the name each shows in the language switch. */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh', label: '中文' },
] as const;

/** Starts i18next with the detection order and options of SPEC.md section 9. */
export function initI18n(): typeof i18n {
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: { en: { translation: en }, zh: { translation: zh } },
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
  return i18n;
}
