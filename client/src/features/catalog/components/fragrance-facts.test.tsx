import { render, screen } from '@testing-library/react';
import { FragranceFacts } from './fragrance-facts';

const product = {
  __typename: 'Product' as const,
  id: 1,
  scentFamily: 'AMBER' as const,
  forWhom: 'UNISEX' as const,
  notesTop: ['pink pepper', 'bergamot'],
  notesHeart: ['rose'],
  notesBase: [],
};

describe('FragranceFacts', () => {
  it('names the family, for whom and the notes by tier, leaving out an empty tier', () => {
    render(<FragranceFacts product={product} />);
    const section = screen.getByRole('region', { name: 'Fragrance' });
    expect(section).toHaveTextContent('Scent familyOriental/Amber');
    expect(section).toHaveTextContent('ForUnisex');
    expect(section).toHaveTextContent('Top notesPink Pepper, Bergamot');
    expect(section).toHaveTextContent('Heart notesRose');
    expect(section).not.toHaveTextContent('Base notes');
  });

  it('shows nothing for a product without facts', () => {
    const { container } = render(
      <FragranceFacts
        product={{ ...product, scentFamily: null, forWhom: null, notesTop: [], notesHeart: [], notesBase: [] }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
