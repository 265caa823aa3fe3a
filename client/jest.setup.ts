// Runs after the test framework is installed, because jest-dom extends `expect`.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
// After Testing Library, which registers its cleanup hook on import: the hooks keep the order they had before.
import '../test-support/console-guard';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a render can take longer.
// A longer wait only matters when something is slow, never when it is wrong.
configure({ asyncUtilTimeout: 5000 });
