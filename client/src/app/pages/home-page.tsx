import { CategoryCarousel } from '../../features/catalog/components/category-carousel';
import { NewArrivalsSection } from '../../features/catalog/components/new-arrivals-section';
import { ReviewsSection } from '../../features/reviews/components/reviews-section';
import { PageMeta } from '../../shared/ui/page-meta';
import { AboutSection } from '../home/about-section';
import { HeroBanner } from '../home/hero-banner';
import './home-page.css';

// SPEC §2 Home: hero, category carousel, new arrivals, About, then reviews. The catalog sections come from
// the catalog feature; app/ is where features are composed.
export function HomePage() {
  return (
    <div className="home">
      <PageMeta title="Perfumes, fragrances and room sprays in Kenya" />
      <h1 className="visually-hidden">Manukato: perfumes and fragrances in Kenya</h1>
      <HeroBanner />
      <div className="home__sections">
        <CategoryCarousel />
        <NewArrivalsSection />
        <AboutSection />
        <ReviewsSection />
      </div>
    </div>
  );
}
