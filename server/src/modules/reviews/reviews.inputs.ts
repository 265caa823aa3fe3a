import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { MutationPayload } from '../../core/payload';
import { Review } from './review.entity';

@InputType('ReviewInput')
export class ReviewInput {
  @Field(() => String)
  name!: string;

  @Field(() => Int)
  rating!: number;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  fullReview!: string;

  @Field(() => Int, { nullable: true, description: 'The product reviewed; omitted for a review of the shop.' })
  productId?: number | null;
}

@ObjectType('ReviewStats')
export class ReviewStats {
  @Field(() => Int)
  count!: number;

  @Field(() => Float, { nullable: true, description: 'Average rating to one decimal; null without reviews.' })
  averageRating!: number | null;
}

@ObjectType('RatingCount', { simpleResolvers: true })
export class RatingCount {
  @Field(() => Int, { description: '1 to 5.' })
  rating!: number;

  @Field(() => Int)
  count!: number;
}

@ObjectType('ReviewSummary', { simpleResolvers: true, description: "A product's shown reviews in figures." })
export class ReviewSummary {
  @Field(() => Int)
  count!: number;

  @Field(() => Float, { nullable: true, description: 'Average rating to one decimal; null without reviews.' })
  averageRating!: number | null;

  @Field(() => [RatingCount], { description: 'How many reviews gave each rating, 5 down to 1 (zeros included).' })
  histogram!: RatingCount[];
}

@ObjectType('AdminReviewList')
export class AdminReviewList {
  @Field(() => [Review])
  reviews!: Review[];

  @Field(() => Int)
  totalCount!: number;
}

@ObjectType('CreateReviewPayload')
export class CreateReviewPayload extends MutationPayload {
  @Field(() => Review, { nullable: true })
  review!: Review | null;
}

@ObjectType('HideReviewPayload')
export class HideReviewPayload extends MutationPayload {
  @Field(() => Review, { nullable: true })
  review!: Review | null;
}
