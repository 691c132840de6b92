import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../i18n';

/** The header's language switch: one button per interface language. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="language-switch" role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((lng) => (
        <button
          key={lng.code}
          type="button"
          lang={lng.code}
          aria-pressed={current === lng.code}
          className={current === lng.code ? 'active' : undefined}
          onClick={() => void i18n.changeLanguage(lng.code)}
        >
          {/* Phones show the short code; the full name stays the button's accessible name. */}
          <span className="language-long">{lng.label}</span>
          <span className="language-short" aria-hidden>
            {lng.code.toUpperCase()}
          </span>
        </button>
      ))}
    </div>
  );
}
