import type { MockedResponse } from '@apollo/client/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductPageDocument, type ProductPageQuery } from '../../features/catalog/api/product-page.generated';
import { createProductDetails } from '../../features/catalog/testing/factories';
import { renderWithProviders } from '../../features/catalog/testing/render';
import { createReview, productReviewsMock, summaryOf } from '../../features/reviews/testing/review-mocks';
import { createDeliveryTerms } from '../../shared/delivery/testing/delivery-terms';
import { ToastProvider } from '../../shared/ui/toast';
import { ProductRoute } from './product-route';

const oud = createProductDetails({ id: 5, name: 'Oud Royale' });

const productMock: MockedResponse<ProductPageQuery> = {
  request: { query: ProductPageDocument, variables: { id: 5 } },
  result: { data: { product: oud, relatedProducts: [], ...createDeliveryTerms() } },
};

describe('ProductRoute', () => {
  it("puts the product's own reviews below the product, and writing one opens the form there", async () => {
    renderWithProviders(
      <ToastProvider>
        <ProductRoute />
      </ToastProvider>,
      {
        route: '/product/5',
        path: '/product/:id',
        mocks: [productMock, productReviewsMock(5, [createReview({ id: 3, title: 'Smoky' })], summaryOf([4]))],
      },
    );

    const reviews = await screen.findByRole('region', { name: 'Customer Reviews' });
    expect(await within(reviews).findByRole('heading', { name: 'Smoky' })).toBeInTheDocument();
    expect(within(reviews).getByText('4.0 out of 5 · Based on 1 review')).toBeInTheDocument();
    // After the product itself in the page's order.
    const product = screen.getByRole('article', { name: 'Oud Royale' });
    expect(product.compareDocumentPosition(reviews) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().click(within(reviews).getByRole('button', { name: 'Write a review of Oud Royale' }));
    expect(screen.getByRole('dialog', { name: 'Write a review' })).toBeInTheDocument();
  });
});
