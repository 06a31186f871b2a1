import { useState } from 'react';
import { Link } from 'react-router';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import 'swiper/css/pagination';
import './banner.css';
import { slides } from '../../content/slides.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { timings } from '../../lib/messages.ts';

/** SPEC §9: one slide at a time, 280 px high, 30 px apart. */
const SLIDE_HEIGHT = 280;
const SPACE_BETWEEN = 30;

/** A pause switch, because moving content must be stoppable (WCAG 2.2.2). */
function AutoplaySwitch({ swiper }: { swiper: SwiperInstance | null }) {
  const [playing, setPlaying] = useState(true);
  const toggle = () => {
    if (!swiper) return;
    if (playing) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!playing);
  };
  return (
    <button
      type="button"
      onClick={toggle}
      className="btn btn-circle btn-ghost btn-xs absolute right-4 bottom-3 z-10 text-base-content/80"
      aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}
      title={playing ? 'Pause slideshow' : 'Play slideshow'}
    >
      <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
        {playing ? <path d="M7 5h3v14H7zM14 5h3v14h-3z" /> : <path d="M8 5v14l11-7z" />}
      </svg>
    </button>
  );
}

/** SPEC §2 Home banner: five looping slides that change every 4 seconds. */
export function Banner() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Library highlights"
      className="banner relative"
    >
      <Swiper
        modules={[Autoplay, Pagination, A11y, Keyboard]}
        onSwiper={setSwiper}
        slidesPerView={1}
        spaceBetween={SPACE_BETWEEN}
        loop
        autoplay={{
          delay: timings.bannerAutoplay,
          disableOnInteraction: false,
          pauseOnMouseEnter: true,
        }}
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ enabled: true }}
        className="rounded-box"
      >
        {slides.map((slide, index) => (
          <SwiperSlide key={slide.link} style={{ height: SLIDE_HEIGHT }}>
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
          </SwiperSlide>
        ))}
      </Swiper>
      <AutoplaySwitch swiper={swiper} />
    </section>
  );
}
