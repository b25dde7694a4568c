"""How the answer judge rules, as house rules every game it judges for states."""
