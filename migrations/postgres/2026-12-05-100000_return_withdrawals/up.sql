-- A shopper may withdraw their own return request until its pieces are picked up: the
-- request ends as WITHDRAWN (not REJECTED, which is the shop's answer).
ALTER TABLE return_requests DROP CONSTRAINT return_requests_status_check;
ALTER TABLE return_requests ADD CONSTRAINT return_requests_status_check
    CHECK (status IN ('REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'PICKED_UP', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED'));
