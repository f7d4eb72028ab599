# frozen_string_literal: true

module TinyQueue
  VERSION = "0.3.1"
end

Gem::Specification.new do |spec|
  spec.name          = "tinyqueue"
  spec.version       = TinyQueue::VERSION
  spec.authors       = ["Priya Nand", "Tomasz Wilk"]
  spec.email         = ["priya@tinyqueue.org", "tomasz@tinyqueue.org"]

  spec.summary       = "A tiny persistent job queue"
  spec.description   = <<~DESC
    TinyQueue stores jobs in SQLite and runs them
    with a fixed pool of worker threads.
  DESC
  spec.homepage      = "https://tinyqueue.org"
  spec.license       = "MIT"
  spec.required_ruby_version = ">= 3.0"

  spec.metadata["source_code_uri"] = "https://github.com/tinyqueue/tinyqueue"
  spec.metadata["bug_tracker_uri"] = "https://github.com/tinyqueue/tinyqueue/issues"

  spec.files = Dir["lib/**/*.rb"]
  spec.add_dependency "sqlite3", "~> 1.6"
  spec.add_runtime_dependency("concurrent-ruby", [">= 1.1", "< 2"])
  spec.add_development_dependency "rspec", "~> 3.12" # tests
  spec.add_development_dependency "rake", "= 13.0.6"
end
