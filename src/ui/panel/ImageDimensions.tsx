import { useTranslation } from 'react-i18next';
import { useStore } from '../store';
import { ASPECT_IDS, ASPECT_PRESETS, SIZE_NAMES, SOCIAL_PRESETS, sameSize } from '../settings/presets';
import { FRAME_FITS } from '../../pose';
import { chooseFrameFit, choosePreset, chooseSize } from '../stores/documentCommands';
import { panelStore, useDocument } from '../stores/documentStore';
import { SideInput } from './SideInput';

/** The Image Dimensions section: aspect presets with their sizes, or custom sizes and socials under More. */
export function ImageDimensions() {
  const { t } = useTranslation();
  const preset = useStore(panelStore, (d) => d.preset);
  const width = useDocument((d) => d.scene.pose.canvas_width);
  const height = useDocument((d) => d.scene.pose.canvas_height);
  const size = { width, height };

  return (
    <section className="panel-section" aria-labelledby="dimensions-title">
      <h3 id="dimensions-title">{t('panel.dimensions')}</h3>
      <div className="preset-row" role="group" aria-label={t('panel.aspectRatio')}>
        {[...ASPECT_IDS, 'more' as const].map((id) => (
          <button
            key={id}
            type="button"
            className={`chip${preset === id ? ' active' : ''}`}
            aria-pressed={preset === id}
            data-preset={id}
            onClick={() => choosePreset(id)}
          >
            {id === 'more' ? t('panel.more') : id}
          </button>
        ))}
      </div>

      {preset !== 'more' ? (
        <div className="size-row" role="group" aria-label={t('panel.size')}>
          {SIZE_NAMES.map((name) => {
            const option = ASPECT_PRESETS[preset][name];
            const active = sameSize(option, size);
            return (
              <button
                key={name}
                type="button"
                className={`size-option${active ? ' active' : ''}`}
                aria-pressed={active}
                data-size={name}
                onClick={() => chooseSize(option)}
              >
                <span className="size-name">{t(`panel.sizes.${name}`)}</span>
                <span className="size-dims">
                  {option.width} × {option.height}
                </span>
              </button>
            );
          })}
        </div>
      ) : (
        <div className="custom-size">
          <h4>{t('panel.angleAdjustment')}</h4>
          <SideInput side="width" label={t('panel.wide')} value={width} />
          <SideInput side="height" label={t('panel.length')} value={height} />
          <h4>{t('panel.socials')}</h4>
          <div className="social-grid">
            {SOCIAL_PRESETS.map((social) => {
              const active = sameSize(social, size);
              return (
                <button
                  key={social.id}
                  type="button"
                  className={`size-option${active ? ' active' : ''}`}
                  aria-pressed={active}
                  data-social={social.id}
                  onClick={() => chooseSize(social)}
                >
                  <span className="size-name">
                    {social.name} {social.ratio}
                  </span>
                  <span className="size-dims">
                    {social.width} × {social.height}
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      )}
      <FrameFitChoice />
    </section>
  );
}

/** How people meet a frame of another shape (fit, fill, keep size), chosen before the size changes. */
function FrameFitChoice() {
  const { t } = useTranslation();
  const frameFit = useStore(panelStore, (s) => s.frameFit);
  return (
    <div className="frame-fit-row" role="radiogroup" aria-label={t('panel.frameFit')}>
      <span className="frame-fit-label">{t('panel.frameFit')}</span>
      {FRAME_FITS.map((fit) => (
        <button
          key={fit}
          type="button"
          role="radio"
          aria-checked={frameFit === fit}
          className={`chip${frameFit === fit ? ' active' : ''}`}
          data-frame-fit={fit}
          title={t(`panel.frameFitHints.${fit}`)}
          onClick={() => chooseFrameFit(fit)}
        >
          {t(`panel.frameFits.${fit}`)}
        </button>
      ))}
    </div>
  );
}
