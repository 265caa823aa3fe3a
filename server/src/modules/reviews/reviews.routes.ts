import { Router, type RequestHandler } from 'express';
import { sendData } from '../../core/envelope';
import { queryNumber } from '../../shared/query-params';
import { pageOf } from '../../shared/pagination';
import { Permission, requirePermission } from '../accounts/guards';
import type { Review } from './review.entity';
import { reviewsService } from './reviews.service';

function toRestReview(review: Review) {
  const { id, name, rating, title, fullReview, image, verified, productId, createdAt } = review;
  return { id, name, rating, title, fullReview, image, verified, productId, createdAt: createdAt.toISOString() };
}

/** cachedPublicly: the HTTP layer's middleware that keeps a GET's answer for everyone (http/cache-responses.ts). */
export function reviewsRoutes(cachedPublicly: RequestHandler): Router {
  const router = Router();

  router.post('/reviews/add', async (request, response) => {
    const review = await reviewsService.create(request.ctx, request.body ?? {});
    sendData(response, toRestReview(review), 'Thank you for your review!', 201);
  });

  router.get('/reviews/list', cachedPublicly, async (request, response) => {
    const page = pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 50);
    const reviews = await reviewsService.list(request.ctx, page);
    sendData(response, reviews.map(toRestReview), 'Reviews fetched');
  });

  // A product's shown reviews and their summary; an unknown product simply has none.
  router.get('/products/:id/reviews', cachedPublicly, async (request, response) => {
    const id = String(request.params.id);
    const productId = /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
    const page = pageOf(queryNumber(request.query.limit), queryNumber(request.query.offset), 5);
    const [summary, reviews] = await Promise.all([
      reviewsService.summaryOf(request.ctx, productId),
      reviewsService.listForProduct(request.ctx, productId, page),
    ]);
    sendData(response, { summary, reviews: reviews.map(toRestReview) }, 'Reviews fetched');
  });

  router.delete('/reviews/delete/:id', async (request, response) => {
    requirePermission(request.ctx, Permission.REVIEWS);
    const id = await reviewsService.delete(request.ctx, request.params.id);
    sendData(response, { id }, 'Review deleted successfully');
  });

  return router;
}
