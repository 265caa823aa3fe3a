import { Link } from 'react-router-dom';
import { shopContact } from '../shared/shop-contact';
import { NewsletterForm } from './newsletter-form';

const shopLinks = [
  { to: '/new-arrivals', label: 'New Arrivals' },
  { to: '/category/for-women', label: 'For Women' },
  { to: '/category/for-men', label: 'For Men' },
  { to: '/category/for-children', label: 'For Children' },
  { to: '/category/room-sprays', label: 'Room Sprays' },
  { to: '/category/unisex', label: 'Unisex' },
] as const;

const helpLinks = [
  { to: '/contact', label: 'Contact Us' },
  { to: '/shipping', label: 'Shipping' },
  { to: '/returns', label: 'Returns' },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <nav aria-label="Shop">
          <h2>Shop</h2>
          <ul>
            {shopLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2>Help</h2>
          <ul>
            {helpLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-labelledby="footer-support">
          <h2 id="footer-support">Support</h2>
          <ul>
            <li>
              <a href={shopContact.phoneHref}>Call {shopContact.phoneDisplay}</a>
            </li>
            <li>
              <a href={shopContact.chatHref} target="_blank" rel="noreferrer">
                Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a href={`mailto:${shopContact.email}`}>{shopContact.email}</a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter">Newsletter</h2>
          <p id="newsletter-offer">Subscribe and get 10% off your first purchase.</p>
          <NewsletterForm />
        </section>
      </div>
      <p className="site-footer__legal">© Manukato</p>
    </footer>
  );
}
