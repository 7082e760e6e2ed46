## tests: unit tests (CUnit), golden front-end tests, end-to-end tests.
