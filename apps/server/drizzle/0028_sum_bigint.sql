-- An exact sum of bigints that stays a bigint: the bigint + operator as its step, so an overflow
-- raises, as + does. PostgreSQL's sum(bigint) answers numeric and keeps a 128-bit state per group
-- in memory; the agent reports sum minor units over a whole team per member (decision 015).
CREATE AGGREGATE "sum_bigint" (bigint) (SFUNC = int8pl, STYPE = bigint, COMBINEFUNC = int8pl, PARALLEL = SAFE);
