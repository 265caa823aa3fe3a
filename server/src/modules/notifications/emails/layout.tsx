import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactElement, ReactNode } from 'react';
import { shopColours, shopContact } from './shop-look';

/** What every template renders to: the subject and both parts, from one component. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const font = "Georgia, 'Times New Roman', serif";

export const emailStyles = {
  paragraph: { color: shopColours.text, fontSize: '15px', lineHeight: '22px', margin: '0 0 14px' },
  muted: { color: shopColours.muted, fontSize: '13px', lineHeight: '19px', margin: '0 0 10px' },
  heading: { color: shopColours.text, fontSize: '20px', lineHeight: '28px', margin: '0 0 16px', fontWeight: 'bold' },
  button: {
    backgroundColor: shopColours.accent,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '15px',
    fontWeight: 'bold',
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: shopColours.accentDark, textDecoration: 'underline' },
} as const;

/** The frame of every e-mail: the word mark, a white card on the shop's page colour, and a footer with contacts. */
export function EmailLayout(props: { preview: string; publicUrl: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: shopColours.page, fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ maxWidth: '600px', margin: '0 auto', padding: '0 12px' }}>
          <Section style={{ padding: '8px 0 16px' }}>
            <Link
              href={props.publicUrl}
              style={{ color: shopColours.accentDark, fontSize: '26px', fontWeight: 'bold', textDecoration: 'none' }}
            >
              Manukato
            </Link>
          </Section>
          <Section
            style={{
              backgroundColor: shopColours.surface,
              border: `1px solid ${shopColours.border}`,
              borderRadius: '6px',
              padding: '24px',
            }}
          >
            {props.children}
          </Section>
          <Hr style={{ borderColor: shopColours.border, margin: '24px 0 12px' }} />
          <Text style={emailStyles.muted}>
            Manukato, perfumes delivered across Kenya. Questions? Call{' '}
            <Link href={shopContact.phoneHref} style={emailStyles.link}>
              {shopContact.phoneDisplay}
            </Link>
            , chat on WhatsApp{' '}
            <Link href={shopContact.chatHref} style={emailStyles.link}>
              {shopContact.whatsappDisplay}
            </Link>{' '}
            or write to{' '}
            <Link href={`mailto:${shopContact.email}`} style={emailStyles.link}>
              {shopContact.email}
            </Link>
            .
          </Text>
          <Text style={emailStyles.muted}>
            <Link href={props.publicUrl} style={emailStyles.link}>
              {props.publicUrl}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

// Headings keep their case in the text part (html-to-text shouts them by default); links show their address.
const textOptions = {
  selectors: ['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } })),
};

/** Renders a template to its HTML and plain-text parts (the text comes from the same component). */
export async function renderEmail(subject: string, element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: textOptions }),
  ]);
  return { subject, text, html };
}
