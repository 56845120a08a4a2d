DROP TABLE audit_log;
DROP INDEX orders_customer_figures_idx;
