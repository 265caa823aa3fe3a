// Runs after the test framework is installed, because jest-dom extends `expect`.
import '@testing-library/jest-dom';
