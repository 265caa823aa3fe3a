import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format-date';
import { Modal } from '../../../shared/ui/modal';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { previewText } from '../admin-format';
import {
  useAdminReviewsQuery,
  useDeleteReviewMutation,
  useHideReviewMutation,
  type AdminReviewsQuery,
} from '../api/reviews.generated';
import { AdminList, Pager } from '../components/admin-list';
import { PAGE_SIZE } from '../components/use-list-search';
import { ConfirmDialog } from '../components/confirm-dialog';

type AdminReview = AdminReviewsQuery['adminReviews']['reviews'][number];

// SPEC §8.
const DELETE_FAILED = 'Failed to delete review';
const HIDE_FAILED = 'Failed to change the review';

/** What a review is about: a product (by name, or its id once no longer sold) or the shop. */
function subjectOf(review: AdminReview): string {
  if (review.productId === null) return 'About the shop';
  return review.product ? `About ${review.product.name}` : `About product #${review.productId} (no longer sold)`;
}

function ReviewFacts({ review }: { review: AdminReview }) {
  return (
    <p className="muted">
      {review.name} · {review.rating}/5 · {formatDateTime(review.createdAt)} · {subjectOf(review)}
      {review.verified ? ' · Verified buyer' : ''}
      {review.hidden ? ' · Hidden' : ''}
    </p>
  );
}

export function ReviewsPage() {
  const [offset, setOffset] = useState(0);
  const { data, previousData, error, refetch } = useAdminReviewsQuery({
    variables: { limit: PAGE_SIZE, offset },
    fetchPolicy: 'cache-and-network',
  });
  const shown = (data ?? previousData)?.adminReviews;
  const reviews = shown?.reviews;
  // A later page emptied by deletes (here or elsewhere) moves back to the last page that has reviews (state
  // adjusted while rendering, as React recommends over an effect).
  const lastPageOffset = Math.floor(Math.max(0, (data?.adminReviews.totalCount ?? 0) - 1) / PAGE_SIZE) * PAGE_SIZE;
  if (data?.adminReviews.reviews.length === 0 && offset > lastPageOffset) setOffset(lastPageOffset);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [viewing, setViewing] = useState<AdminReview | null>(null);
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const [deleteReview, { loading: deletingNow }] = useDeleteReviewMutation();
  const [hideReview] = useHideReviewMutation();
  const [toggling, setToggling] = useState<number | null>(null);
  const { showToast } = useToast();
  const viewTitleId = useId();

  async function confirmDelete() {
    if (!deleting) return;
    const review = deleting;
    try {
      const { data: result } = await deleteReview({
        variables: { id: review.id },
        update(cache, { data: answer }) {
          if (!answer?.deleteReview.ok) return;
          // Every list holding the review (the storefront's too) drops the dangling reference at once, and
          // the count follows; the page is then read again so the next page's first review moves up.
          cache.evict({ id: cache.identify({ __typename: 'Review', id: review.id }) });
          cache.modify<{ adminReviews: { totalCount: number } }>({
            fields: {
              adminReviews: (list) =>
                typeof list === 'object' && list !== null && 'totalCount' in list
                  ? { ...list, totalCount: Math.max(0, list.totalCount - 1) }
                  : list,
            },
          });
          cache.gc();
        },
      });
      if (result?.deleteReview.ok) {
        showToast('Review deleted', { variant: 'success' });
        void refetch().catch(() => undefined);
      } else showToast(DELETE_FAILED, { variant: 'error' });
    } catch {
      showToast(DELETE_FAILED, { variant: 'error' });
    } finally {
      setDeleting(null);
    }
  }

  /** Hides a review from the shop, or shows it again; the answer updates the card through the cache. */
  async function toggleHidden(review: AdminReview) {
    setToggling(review.id);
    try {
      const { data: result } = await hideReview({ variables: { id: review.id, hidden: !review.hidden } });
      const answer = result?.hideReview;
      if (answer?.review && answer.errors.length === 0) {
        showToast(answer.review.hidden ? 'Review hidden from the shop' : 'Review shown in the shop', {
          variant: 'success',
        });
      } else showToast(answer?.errors[0]?.message ?? HIDE_FAILED, { variant: 'error' });
    } catch {
      showToast(HIDE_FAILED, { variant: 'error' });
    } finally {
      setToggling(null);
    }
  }

  return (
    <section className="admin-page">
      <PageMeta title="Reviews" noIndex />
      <h1>Reviews</h1>
      <AdminList
        label="Reviews"
        items={reviews}
        error={error}
        failure="Failed to load reviews"
        empty="No reviews yet."
        card={(review) => (
          <li key={review.id} aria-label={`Review by ${review.name}`}>
            <h2>{review.title}</h2>
            <ReviewFacts review={review} />
            {/* SPEC §2: phones show the first 100 characters; View shows the whole review. */}
            <p>{mobile ? previewText(review.fullReview) : review.fullReview}</p>
            <div className="admin-actions">
              <button type="button" className="button button--outline" onClick={() => setViewing(review)}>
                View
              </button>
              <button
                type="button"
                className="button button--outline"
                aria-disabled={toggling === review.id || undefined}
                onClick={() => {
                  if (toggling !== review.id) void toggleHidden(review);
                }}
              >
                {review.hidden ? 'Show' : 'Hide'}
              </button>
              <button type="button" className="button button--outline" onClick={() => setDeleting(review)}>
                Delete
              </button>
            </div>
          </li>
        )}
      />
      {shown ? (
        <Pager
          noun="reviews"
          offset={offset}
          shown={shown.reviews.length}
          total={shown.totalCount}
          onOffset={setOffset}
        />
      ) : null}
      <Modal open={viewing !== null} onClose={() => setViewing(null)} labelledBy={viewTitleId} className="admin-dialog">
        <h2 id={viewTitleId}>{viewing?.title}</h2>
        {viewing ? (
          <>
            <ReviewFacts review={viewing} />
            <p>{viewing.fullReview}</p>
          </>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="button" onClick={() => setViewing(null)}>
            Close
          </button>
        </div>
      </Modal>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Review"
        confirmLabel="Delete"
        busy={deletingNow}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Are you sure you want to delete the review by {deleting?.name}?</p>
      </ConfirmDialog>
    </section>
  );
}
