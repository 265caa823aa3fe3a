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
}

@ObjectType('ReviewStats')
export class ReviewStats {
  @Field(() => Int)
  count!: number;

  @Field(() => Float, { nullable: true, description: 'Average rating to one decimal; null without reviews.' })
  averageRating!: number | null;
}

@ObjectType('CreateReviewPayload')
export class CreateReviewPayload extends MutationPayload {
  @Field(() => Review, { nullable: true })
  review!: Review | null;
}
