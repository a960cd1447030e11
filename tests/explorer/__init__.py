"""Tests of the tree explorer (lazytree.explorer): its model, its page, its widget."""
