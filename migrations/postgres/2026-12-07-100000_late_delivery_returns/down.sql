-- Requests made for a late delivery become "not as described": both are the shop's fault, so
-- the request keeps its refund and older code can read it.
UPDATE return_requests SET reason = 'NOT_AS_DESCRIBED' WHERE reason = 'DELIVERED_LATE';
ALTER TABLE return_requests DROP CONSTRAINT return_requests_reason_check;
ALTER TABLE return_requests ADD CONSTRAINT return_requests_reason_check
    CHECK (reason IN ('SIZE_TOO_SMALL', 'SIZE_TOO_LARGE', 'DAMAGED_OR_DEFECTIVE', 'NOT_AS_DESCRIBED', 'CHANGED_MY_MIND'));
