package load_test

const childEnv = "PG2DDB_LOAD_TEST_CHILD"

func runChild() int { return 0 }
