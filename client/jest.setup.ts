// Runs after the test framework is installed, because jest-dom extends `expect`.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
// After Testing Library, which registers its cleanup hook on import: the hooks keep the order they had before.
import '../test-support/console-guard';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a render can take longer. The limit
// only names a hang: a wait ends as soon as what it waits for holds, so a long one costs nothing when the code is
// right (decision 0082). Tests set no shorter limits of their own.
configure({ asyncUtilTimeout: 15_000 });
