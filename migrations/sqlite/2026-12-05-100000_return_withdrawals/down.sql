-- Withdrawn requests become rejected ones: both end a request without taking the pieces back.
-- The wider CHECK stays (a rebuild to narrow it would gain nothing: older code never writes
-- WITHDRAWN).
BEGIN;
UPDATE return_requests SET status = 'REJECTED' WHERE status = 'WITHDRAWN';
UPDATE return_status_history SET to_status = 'REJECTED' WHERE to_status = 'WITHDRAWN';
COMMIT;
