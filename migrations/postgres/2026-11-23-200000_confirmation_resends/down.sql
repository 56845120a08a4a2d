DROP TABLE confirmation_resends;
