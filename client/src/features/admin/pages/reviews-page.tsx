import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format-date';
import { Modal } from '../../../shared/ui/modal';
import { PageMeta } from '../../../shared/ui/page-meta';
import { useToast } from '../../../shared/ui/use-toast';
import { MOBILE_QUERY, useMediaQuery } from '../../../shared/ui/use-media-query';
import { previewText } from '../admin-format';
import { useAdminReviewsQuery, useDeleteReviewMutation, type AdminReviewsQuery } from '../api/reviews.generated';
import { AdminList, Pager } from '../components/admin-list';
import { PAGE_SIZE } from '../components/use-list-search';
import { ConfirmDialog } from '../components/confirm-dialog';

type AdminReview = AdminReviewsQuery['reviews'][number];

// SPEC §8.
const DELETE_FAILED = 'Failed to delete review';

export function ReviewsPage() {
  const [offset, setOffset] = useState(0);
  const { data, previousData, error, refetch } = useAdminReviewsQuery({
    variables: { limit: PAGE_SIZE, offset },
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;
  const reviews = shown?.reviews;
  // A later page emptied by deletes (here or elsewhere) moves back to the last page that has reviews (state
  // adjusted while rendering, as React recommends over an effect).
  const lastPageOffset = Math.floor(Math.max(0, (data?.reviewStats.count ?? 0) - 1) / PAGE_SIZE) * PAGE_SIZE;
  if (data?.reviews.length === 0 && offset > lastPageOffset) setOffset(lastPageOffset);
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [viewing, setViewing] = useState<AdminReview | null>(null);
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const [deleteReview, { loading: deletingNow }] = useDeleteReviewMutation();
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
          cache.modify<{ reviewStats: { count: number } }>({
            fields: {
              reviewStats: (stats) =>
                typeof stats === 'object' && stats !== null && 'count' in stats
                  ? { ...stats, count: Math.max(0, stats.count - 1) }
                  : stats,
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
            <p className="muted">
              {review.name} · {review.rating}/5 · {formatDateTime(review.createdAt)}
            </p>
            {/* SPEC §2: phones show the first 100 characters; View shows the whole review. */}
            <p>{mobile ? previewText(review.fullReview) : review.fullReview}</p>
            <div className="admin-actions">
              <button type="button" className="button button--outline" onClick={() => setViewing(review)}>
                View
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
          total={shown.reviewStats.count}
          onOffset={setOffset}
        />
      ) : null}
      <Modal open={viewing !== null} onClose={() => setViewing(null)} labelledBy={viewTitleId} className="admin-dialog">
        <h2 id={viewTitleId}>{viewing?.title}</h2>
        {viewing ? (
          <>
            <p className="muted">
              {viewing.name} · {viewing.rating}/5 · {formatDateTime(viewing.createdAt)}
            </p>
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
