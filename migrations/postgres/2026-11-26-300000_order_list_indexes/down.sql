DROP INDEX orders_total_idx;
DROP INDEX orders_status_created_idx;
