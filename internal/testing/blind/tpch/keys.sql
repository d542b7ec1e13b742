-- dss.ri of TPC-H's dbgen, translated from its DB2 dialect to PostgreSQL: the same primary
-- keys and foreign keys with the same names (nation_fk1, ...), in the same order; the
-- schema prefix tpcd., CONNECT TO and COMMIT WORK are dropped.

-- For table region
ALTER TABLE region
ADD PRIMARY KEY (r_regionkey);

-- For table nation
ALTER TABLE nation
ADD PRIMARY KEY (n_nationkey);

ALTER TABLE nation
ADD CONSTRAINT nation_fk1 FOREIGN KEY (n_regionkey) REFERENCES region;

-- For table part
ALTER TABLE part
ADD PRIMARY KEY (p_partkey);

-- For table supplier
ALTER TABLE supplier
ADD PRIMARY KEY (s_suppkey);

ALTER TABLE supplier
ADD CONSTRAINT supplier_fk1 FOREIGN KEY (s_nationkey) REFERENCES nation;

-- For table partsupp
ALTER TABLE partsupp
ADD PRIMARY KEY (ps_partkey, ps_suppkey);

-- For table customer
ALTER TABLE customer
ADD PRIMARY KEY (c_custkey);

ALTER TABLE customer
ADD CONSTRAINT customer_fk1 FOREIGN KEY (c_nationkey) REFERENCES nation;

-- For table lineitem
ALTER TABLE lineitem
ADD PRIMARY KEY (l_orderkey, l_linenumber);

-- For table orders
ALTER TABLE orders
ADD PRIMARY KEY (o_orderkey);

-- For table partsupp
ALTER TABLE partsupp
ADD CONSTRAINT partsupp_fk1 FOREIGN KEY (ps_suppkey) REFERENCES supplier;

ALTER TABLE partsupp
ADD CONSTRAINT partsupp_fk2 FOREIGN KEY (ps_partkey) REFERENCES part;

-- For table orders
ALTER TABLE orders
ADD CONSTRAINT orders_fk1 FOREIGN KEY (o_custkey) REFERENCES customer;

-- For table lineitem
ALTER TABLE lineitem
ADD CONSTRAINT lineitem_fk1 FOREIGN KEY (l_orderkey) REFERENCES orders;

ALTER TABLE lineitem
ADD CONSTRAINT lineitem_fk2 FOREIGN KEY (l_partkey, l_suppkey) REFERENCES partsupp;
