Pod::Spec.new do |s|
  s.name         = 'Trailmark'
  s.version      = '1.4.0'
  s.summary      = 'Offline trail maps for iOS.'
  s.description  = <<-DESC
                   Trailmark renders vector trail maps offline
                   and records GPS tracks.
                   DESC
  s.homepage     = 'https://github.com/trailmark/Trailmark'
  s.license      = { :type => 'MIT', :file => 'LICENSE' }
  s.author       = { 'Ana Ruiz' => 'ana@trailmark.app' }
  s.source       = { :git => 'https://github.com/trailmark/Trailmark.git', :tag => s.version.to_s }
  s.ios.deployment_target = '13.0'
  s.source_files = 'Sources/**/*.swift'
  s.dependency 'AFNetworking/NSURLSession', '~> 2.0'
  s.dependency 'Base64', '1.1.2'
end
