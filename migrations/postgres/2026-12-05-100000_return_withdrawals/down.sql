-- Withdrawn requests become rejected ones: both end a request without taking the pieces back.
UPDATE return_requests SET status = 'REJECTED' WHERE status = 'WITHDRAWN';
UPDATE return_status_history SET to_status = 'REJECTED' WHERE to_status = 'WITHDRAWN';
ALTER TABLE return_requests DROP CONSTRAINT return_requests_status_check;
ALTER TABLE return_requests ADD CONSTRAINT return_requests_status_check
    CHECK (status IN ('REQUESTED', 'APPROVED', 'REJECTED', 'PICKED_UP', 'RECEIVED', 'REFUNDED', 'EXCHANGE_SHIPPED'));
