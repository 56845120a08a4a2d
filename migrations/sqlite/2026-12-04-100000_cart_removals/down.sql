DROP TABLE cart_removals;
