import { useRef } from 'react';
import { Link } from 'react-router';
import { slides, SLIDE_COUNT } from '../../content/slides.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { timings } from '../../lib/messages.ts';
import { t } from '../../lib/i18n.ts';
import { useCarousel } from './hooks/use-carousel.ts';
import { useSwipe } from './hooks/use-swipe.ts';

/** docs/product.md#timings: one slide at a time, 280 px high, 30 px apart. */
const SLIDE_HEIGHT = 280;
const SPACE_BETWEEN = 30;

/**
 * A pause switch, because moving content must be stoppable (WCAG 2.2.2); first in the banner's
 * tab order, as WAI-ARIA's carousel pattern asks.
 */
function AutoplaySwitch({ playing, onToggle }: { playing: boolean; onToggle: () => void }) {
  const label = playing ? t.bannerTexts.pause : t.bannerTexts.play;
  return (
    <button
      type="button"
      onClick={onToggle}
      className="btn btn-circle btn-ghost btn-xs absolute right-4 bottom-3 z-10 text-base-content/80"
      aria-label={label}
      title={label}
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
      </svg>
    </button>
  );
}

/** One button per slide; the shown slide's is marked current. */
function SlidePicker({ active, onPick }: { active: number; onPick: (index: number) => void }) {
  return (
    <div className="absolute bottom-0.5 left-1/2 z-10 flex -translate-x-1/2">
      {slides().map((slide, index) => (
        <button
          key={slide.link}
          type="button"
          className="banner-dot grid size-6 cursor-pointer place-items-center rounded-full"
          aria-label={t.bannerTexts.goTo(index + 1)}
          aria-current={index === active ? 'true' : undefined}
          onClick={() => onPick(index)}
        />
      ))}
    </div>
  );
}

/**
 * docs/product.md#home Home banner: five looping slides that change every 4 seconds, with clickable dots and
 * swipe. Only the shown slide can be reached by keyboard and screen readers; the others are inert.
 * Keyboard focus inside stops it, and the arrow keys move it while focus is inside
 * (hooks/use-carousel.ts).
 */
export function Banner() {
  const region = useRef<HTMLElement>(null);
  const carousel = useCarousel(SLIDE_COUNT, timings.bannerAutoplay, region);
  const { dragOffset, handlers } = useSwipe(carousel.step);
  const dragging = dragOffset !== 0;

  return (
    <section
      ref={region}
      aria-roledescription={t.bannerTexts.carousel}
      aria-label={t.bannerTexts.label}
      className="banner relative"
      {...carousel.regionHandlers}
    >
      <AutoplaySwitch playing={carousel.playing} onToggle={carousel.togglePlaying} />
      <div
        className="relative touch-pan-y overflow-hidden rounded-box select-none"
        style={{ height: SLIDE_HEIGHT }}
        aria-live={carousel.rotating ? 'off' : 'polite'}
        {...handlers}
      >
        {slides().map((slide, index) => {
          const { offset, glides } = carousel.position(index);
          return (
            <div
              key={slide.link}
              role="group"
              aria-roledescription={t.bannerTexts.slide}
              aria-label={t.bannerTexts.position(index + 1, SLIDE_COUNT)}
              inert={offset !== 0}
              className={`absolute inset-0 ${glides && !dragging ? 'banner-glide' : ''}`}
              style={{
                transform: `translateX(calc(${offset} * (100% + ${SPACE_BETWEEN}px) + ${dragOffset}px))`,
              }}
            >
              <div
                className={`banner-slide banner-slide-${index % 5} flex h-full flex-col items-center justify-center gap-3 px-8 pb-6 text-center sm:px-16`}
              >
                <h2 className="text-2xl font-bold sm:text-4xl">{slide.title}</h2>
                <p className="max-w-2xl text-sm leading-relaxed text-base-content/80 sm:text-lg">
                  {slide.desc}
                </p>
                <Link to={slide.link} className="btn btn-primary btn-sm mt-1 sm:btn-md">
                  {slide.btn}
                  <Icon name="arrowRight" className="size-4" />
                </Link>
              </div>
            </div>
          );
        })}
      </div>
      <SlidePicker active={carousel.active} onPick={carousel.goTo} />
    </section>
  );
}
