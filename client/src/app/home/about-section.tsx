import { useEffect, useRef, useState } from 'react';
import { aboutVideo } from '../../shared/shop-media';
import { ShopLogo } from '../../shared/ui/shop-logo';
import './about-section.css';

/** Welcome text, logo and a video that downloads nothing until the visitor presses play. */
export function AboutSection() {
  return (
    <section className="about" aria-labelledby="about-heading">
      <div className="about__text">
        <h2 id="about-heading">About Manukato</h2>
        <ShopLogo width={120} height={120} className="about__logo" />
        <p>
          Welcome to Manukato, Kenya&apos;s home of authentic perfumes, fragrances and room sprays. We bring you scents
          for women, men and children, and fragrances for your home, chosen with care and delivered to your door — same
          day within Nairobi CBD and in 1-3 business days across Kenya.
        </p>
        <p>Every bottle we sell is 100% authentic. Find the scent that feels like you.</p>
      </div>
      <LazyVideo />
    </section>
  );
}

function LazyVideo() {
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  // The play button disappears when pressed; focus follows to the player so the keyboard is not lost.
  useEffect(() => {
    if (playing) videoRef.current?.focus();
  }, [playing]);

  if (!playing) {
    return (
      <div className="about__video about__poster">
        <button type="button" className="about__play" onClick={() => setPlaying(true)}>
          <span className="about__play-icon" aria-hidden="true">
            ▶
          </span>
          <span>Play video: {aboutVideo.title}</span>
        </button>
      </div>
    );
  }

  return (
    <div>
      <div className="about__video">
        <video
          ref={videoRef}
          // Focusable in every browser (and in tests), so focus can move to it from the play button.
          tabIndex={0}
          controls
          autoPlay
          playsInline
          width={aboutVideo.width}
          height={aboutVideo.height}
          aria-label={aboutVideo.title}
          onError={() => setFailed(true)}
        >
          <source src={aboutVideo.src} type={aboutVideo.type} onError={() => setFailed(true)} />
        </video>
      </div>
      {failed ? (
        <p role="status" className="about__video-error">
          Sorry, the video could not be loaded.
        </p>
      ) : null}
    </div>
  );
}
