"""Helpers the tests share: sites, pages, fakes and runners; no tests here, and nothing here
imports a test module."""
