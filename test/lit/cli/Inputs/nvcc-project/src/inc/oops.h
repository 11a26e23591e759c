// An error in a header.
int broken = ;
