import { shopContact } from '../../../shared/shop-contact';
import { PageMeta } from '../../../shared/ui/page-meta';
import '../info-page.css';

/** The footer links here; the spec does not show the screen, so it lists the shop's support channels. */
export function ContactPage() {
  return (
    <article className="page info-page">
      <PageMeta
        title="Contact Us"
        description="Call, e-mail or WhatsApp the Manukato support team about orders, deliveries and returns."
      />
      <h1>Contact Us</h1>
      <p className="info-page__lead">Questions about a fragrance, an order or a delivery? We are happy to help.</p>

      <dl className="info-page__contacts">
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={shopContact.phoneHref}>{shopContact.phoneDisplay}</a>
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${shopContact.email}`}>{shopContact.email}</a>
          </dd>
        </div>
        <div>
          <dt>WhatsApp</dt>
          <dd>
            <a href={shopContact.chatHref} target="_blank" rel="noreferrer">
              Chat on WhatsApp: {shopContact.whatsappDisplay}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      </dl>

      <section aria-labelledby="contact-hours">
        <h2 id="contact-hours">Opening hours</h2>
        <ul>
          {shopContact.hours.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </article>
  );
}
