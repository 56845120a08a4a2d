-- A piece delivered after the order's expected delivery date may go back as "Delivered
-- late" (Consumer Protection (E-Commerce) Rules, 2020, rule 6(3) and rule 7: a seller may not
-- refuse to take back or refund goods delivered late from the stated delivery schedule).
ALTER TABLE return_requests DROP CONSTRAINT return_requests_reason_check;
ALTER TABLE return_requests ADD CONSTRAINT return_requests_reason_check
    CHECK (reason IN ('SIZE_TOO_SMALL', 'SIZE_TOO_LARGE', 'DAMAGED_OR_DEFECTIVE', 'NOT_AS_DESCRIBED', 'CHANGED_MY_MIND', 'DELIVERED_LATE'));
