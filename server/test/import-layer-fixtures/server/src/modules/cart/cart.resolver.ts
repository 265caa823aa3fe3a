import type { answer } from '../../http/app';

export type Answer = typeof answer;
