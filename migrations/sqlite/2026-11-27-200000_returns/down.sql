DROP TABLE return_status_history;
DROP TABLE return_lines;
DROP TABLE return_requests;
